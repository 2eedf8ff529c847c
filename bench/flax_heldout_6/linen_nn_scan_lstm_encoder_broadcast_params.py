# label: ok
# flax-error: none
# class: 2 the lifted form: nn.scan over an LSTMCell with params broadcast and rngs not split, as in the flax seq2seq/sst2 examples
import jax
import jax.numpy as jnp
import flax.linen as nn


class SimpleLSTM(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, carry, xs):
        ScanLSTM = nn.scan(
            nn.OptimizedLSTMCell,
            variable_broadcast="params",
            split_rngs={"params": False},
            in_axes=1,
            out_axes=1,
        )
        return ScanLSTM(self.features)(carry, xs)


class Encoder(nn.Module):
    features: int = 8

    def setup(self):
        self.lstm = SimpleLSTM(self.features)
        self.proj = nn.Dense(3)

    def __call__(self, xs):
        carry = nn.OptimizedLSTMCell(self.features, parent=None).initialize_carry(
            jax.random.key(0), xs[:, 0].shape
        )
        (c, h), ys = self.lstm(carry, xs)
        return self.proj(h)


def main():
    model = Encoder()
    xs = jnp.ones((2, 5, 4))
    variables = model.init(jax.random.key(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
