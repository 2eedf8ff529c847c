# label: ok
# flax-error: none
# class: 5 sequence tagger using lifted nn.RNN / nn.Bidirectional instead of a raw scan
"""Shape from flax's recurrent API docs (nn.RNN(nn.OptimizedLSTMCell), nn.Bidirectional)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Tagger(nn.Module):
    hidden: int = 8
    n_tags: int = 5

    @nn.compact
    def __call__(self, xs, lengths):
        bi = nn.Bidirectional(nn.RNN(nn.OptimizedLSTMCell(self.hidden)),
                              nn.RNN(nn.OptimizedLSTMCell(self.hidden)))
        h = bi(xs, seq_lengths=lengths)
        return nn.Dense(self.n_tags)(h)


def main():
    model = Tagger()
    xs = jnp.ones((3, 7, 4))
    lengths = jnp.array([7, 5, 3])
    variables = model.init(jax.random.PRNGKey(0), xs, lengths)
    logits = model.apply(variables, xs, lengths)
    jax.block_until_ready(logits)
    return None
