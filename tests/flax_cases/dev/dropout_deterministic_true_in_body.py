# label: ok
# flax-error: none
# class: 4 nn.Dropout in the scan body at evaluation time (deterministic=True): no randomness at all
import flax.linen as nn
import jax
import jax.numpy as jnp


class DropoutRNN(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs):
        dense = nn.Dense(self.hidden)
        h0 = dense(jnp.zeros((xs.shape[1], self.hidden)))

        def step(h, x):
            x = nn.Dropout(self.rate, deterministic=True)(x)
            h = jnp.tanh(dense(h) + x)
            return h, h

        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.PRNGKey(4), (5, 2, 8))
    model = DropoutRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    return model.apply(variables, xs)
