//! The examples of the source's rules 7 and 8, one test each.
