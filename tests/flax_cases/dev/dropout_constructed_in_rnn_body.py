# label: same-values
# flax-error: none
# class: 4 nn.Dropout built and applied to each input inside the scan body: one mask for every step
import flax.linen as nn
import jax
import jax.numpy as jnp


class DropoutRNN(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        dense = nn.Dense(self.hidden)
        h0 = dense(jnp.zeros((xs.shape[1], self.hidden)))

        def step(h, x):
            x = nn.Dropout(self.rate, deterministic=not train)(x)
            h = jnp.tanh(dense(h) + x)
            return h, x

        _, dropped = jax.lax.scan(step, h0, xs)
        return dropped


def main():
    xs = jnp.ones((5, 2, 8))
    model = DropoutRNN()
    variables = model.init(jax.random.PRNGKey(0), xs, train=False)
    return model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(1)})
