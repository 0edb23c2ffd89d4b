use gamenote::stream::{Limits, RecordReader};
use std::io::Read;
struct T<'a>(&'a [u8]);
impl Read for T<'_> {
    fn read(&mut self, o: &mut [u8]) -> std::io::Result<usize> {
        let n = 1.min(self.0.len()).min(o.len());
        o[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
fn main() {
    let data = b"  [Rules \"x\"]\r\n\nzz{c   \0\0\r\n\r\n".to_vec();
    let limits = Limits::default().max_record_bytes(8);
    for p in RecordReader::with_limits(T(&data), limits) {
        println!("{p:?}");
    }
}
