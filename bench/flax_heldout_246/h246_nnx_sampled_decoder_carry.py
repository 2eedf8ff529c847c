# label: ok
# flax-error: none
# class: 2 sample_sequence's local graphdef and state are merged in the while_loop body; the merged decoder state rides in the loop state and is written back after the loop
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DropoutLSTMDecoder(nnx.Module):
    def __init__(self, vocab_size, hidden, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab_size, hidden, rngs=rngs)
        self.cell = nnx.OptimizedLSTMCell(hidden, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.logits = nnx.Linear(hidden, vocab_size, rngs=rngs)

    def __call__(self, carry, token):
        carry, out = self.cell(carry, self.dropout(self.embed(token)))
        return carry, self.logits(out)


def sample_sequence(decoder, carry, bos, max_len, eos_id):
    graphdef, state = nnx.split(decoder)

    def not_finished(loop):
        t, token, carry, done, state, out = loop
        return (t < max_len) & ~jnp.all(done)

    def body(loop):
        t, token, carry, done, state, out = loop
        dec = nnx.merge(graphdef, state)
        carry, logits = dec(carry, token)
        next_token = jnp.argmax(logits, axis=-1)
        return t + 1, next_token, carry, done | (next_token == eos_id), nnx.state(dec), out.at[:, t].set(next_token)

    out = jnp.full((bos.shape[0], max_len), eos_id)
    loop = (0, bos, carry, jnp.zeros(bos.shape, bool), state, out)
    *_, final_state, out = lax.while_loop(not_finished, body, loop)
    nnx.update(decoder, final_state)
    return out


def main():
    decoder = DropoutLSTMDecoder(10, 12, rngs=nnx.Rngs(0, dropout=1))
    batch = 3
    carry = (jnp.zeros((batch, 12)), jnp.zeros((batch, 12)))
    bos = jnp.ones((batch,), jnp.int32)
    first = sample_sequence(decoder, carry, bos, max_len=5, eos_id=0)
    second = sample_sequence(decoder, carry, bos, max_len=5, eos_id=0)
    jax.block_until_ready((first, second))
