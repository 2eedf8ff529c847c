# label: ok
# flax-error: none
# class: 2 seq2seq encoder uses the lifted nn.scan over OptimizedLSTMCell with variable_broadcast='params', bound to a local in compact before stepping it
"""The fixed version of the raw-scan encoder, as in the flax seq2seq example: the cell class
is lifted with nn.scan (params broadcast, rngs not split, time axis 1) and the resulting
module is instantiated in the compact __call__ and called once on the whole sequence."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    hidden_size: int = 16
    vocab_size: int = 12

    @nn.compact
    def __call__(self, tokens):
        embedded = nn.Embed(self.vocab_size, 8, name="embed")(tokens)
        ScanLSTM = nn.scan(
            nn.OptimizedLSTMCell,
            variable_broadcast="params",
            split_rngs={"params": False},
            in_axes=1,
            out_axes=1,
        )
        lstm = ScanLSTM(self.hidden_size, name="lstm")
        carry = nn.OptimizedLSTMCell(self.hidden_size, parent=None).initialize_carry(
            jax.random.PRNGKey(0), embedded[:, 0].shape
        )
        carry, outputs = lstm(carry, embedded)
        return carry, outputs


def main():
    model = Encoder()
    tokens = jnp.array([[1, 4, 5, 2, 0], [3, 3, 7, 1, 2]], dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(1), tokens)
    (c, h), outputs = model.apply(variables, tokens)
    assert outputs.shape == (2, 5, 16)
    return None
