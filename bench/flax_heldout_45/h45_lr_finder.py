# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "best_loss" in "/" because collection "history" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 self.variable('history', ...) written in a raw fori_loop body, apply without mutable
"""Learning-rate range test written as a module that logs the best loss seen in a variable."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class LRRangeTest(nn.Module):
    @nn.compact
    def __call__(self, x, y, num_steps: int = 5):
        dense = nn.Dense(1)
        dense(x)
        best = self.variable("history", "best_loss", lambda: jnp.array(jnp.inf))

        def body(i, w):
            lr = 1e-4 * (10.0 ** (i / 2))
            loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
            best.value = jnp.minimum(best.value, loss)
            return w - lr * g

        return lax.fori_loop(0, num_steps, body, jnp.zeros((x.shape[1], 1)))


def main():
    model = LRRangeTest()
    x = jnp.ones((8, 3))
    y = jnp.ones((8, 1))
    variables = model.init(jax.random.PRNGKey(0), x, y)
    model.apply(variables, x, y)
    return None
