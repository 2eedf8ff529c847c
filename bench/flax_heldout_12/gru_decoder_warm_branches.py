# label: ok
# flax-error: none
# class: 3 GRU cell and readout called once before the loop, then reached through lax.cond branches inside a raw lax.scan body
import jax
import jax.numpy as jnp
from flax import linen as nn


class ScheduledSamplingDecoder(nn.Module):
    vocab: int = 11
    hidden: int = 24

    @nn.compact
    def __call__(self, h0, targets, teacher_mask):
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.GRUCell(self.hidden)
        readout = nn.Dense(self.vocab)
        init_tok = jnp.zeros(h0.shape[:1], jnp.int32)
        # warm-up call: every parameter exists before the scan is traced
        _, warm = cell(h0, embed(init_tok))
        readout(warm)

        def forced(h, prev_tok, tgt):
            h, out = cell(h, embed(tgt))
            return h, readout(out)

        def free(h, prev_tok, tgt):
            h, out = cell(h, embed(prev_tok))
            return h, readout(out)

        def body(carry, inp):
            h, prev_tok = carry
            tgt, use_teacher = inp
            h, logits = jax.lax.cond(use_teacher, forced, free, h, prev_tok, tgt)
            return (h, jnp.argmax(logits, -1)), logits

        _, logits = jax.lax.scan(body, (h0, init_tok), (targets.T, teacher_mask))
        return logits


def main():
    model = ScheduledSamplingDecoder()
    h0 = jnp.zeros((2, 24))
    targets = jnp.ones((2, 7), jnp.int32)
    mask = jnp.array([True, True, False, True, False, False, True])
    variables = model.init(jax.random.PRNGKey(1), h0, targets, mask)
    variables = jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, h0, targets, mask)
    jax.block_until_ready(out)
    return None
