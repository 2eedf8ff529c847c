# label: ok
# flax-error: none
# class: 1 LSTM over time with nn.scan (params broadcast) instead of a raw lax.scan
import flax.linen as nn
import jax
import jax.numpy as jnp


class LSTMEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):  # batch, time, features
        ScanLSTM = nn.scan(
            nn.OptimizedLSTMCell,
            variable_broadcast="params",
            split_rngs={"params": False},
            in_axes=1,
            out_axes=1,
        )
        lstm = ScanLSTM(self.hidden)
        carry = lstm.initialize_carry(jax.random.PRNGKey(0), xs[:, 0].shape)
        carry, ys = lstm(carry, xs)
        return nn.Dense(2)(ys[:, -1])


def main():
    xs = jnp.ones((3, 7, 5))
    model = LSTMEncoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
