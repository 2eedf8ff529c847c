# label: same-values
# flax-error: none
# class: 3 a helper method called from the raw fori_loop body runs a Dropout layer that draws its key with make_rng inside the body
import jax
import jax.numpy as jnp
from flax import linen as nn
import jax.lax as lax


class UncertainHead(nn.Module):
    n_samples: int = 6

    def setup(self):
        self.hidden = nn.Dense(24)
        self.drop = nn.Dropout(rate=0.4)
        self.out = nn.Dense(1)

    def _stochastic_pass(self, x):
        return self.out(self.drop(nn.relu(self.hidden(x)), deterministic=False))[:, 0]

    def __call__(self, x):
        self._stochastic_pass(x)

        def body(i, buf):
            return buf.at[i].set(self._stochastic_pass(x))

        return lax.fori_loop(0, self.n_samples, body, jnp.zeros((self.n_samples, x.shape[0])))


def main():
    head = UncertainHead()
    x = jnp.ones((4, 7))
    variables = head.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, x)
    draws = head.apply(variables, x, rngs={"dropout": jax.random.key(2)})
    return draws
