# label: ok
# flax-error: none
# class: 1 lifted nn.scan over an LSTM cell with params broadcast (the Flax-supported form)
import jax
import jax.numpy as jnp
from flax import linen as nn


class BiDirectionalSummary(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, xs):  # (batch, time, feat)
        ScanLSTM = nn.scan(
            nn.OptimizedLSTMCell,
            variable_broadcast="params",
            split_rngs={"params": False},
            in_axes=1,
            out_axes=1,
        )
        fwd = ScanLSTM(self.hidden, name="forward")
        carry = fwd.initialize_carry(jax.random.PRNGKey(0), xs[:, 0].shape)
        _, ys_f = fwd(carry, xs)
        bwd = ScanLSTM(self.hidden, name="backward")
        _, ys_b = bwd(carry, xs[:, ::-1])
        return jnp.concatenate([ys_f, ys_b[:, ::-1]], -1)


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (3, 10, 6))
    enc = BiDirectionalSummary()
    params = enc.init(jax.random.PRNGKey(1), xs)
    ys = enc.apply(params, xs)
    jnp.sum(ys).block_until_ready()
    return None
