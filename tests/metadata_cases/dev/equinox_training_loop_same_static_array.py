# label: ok
# jax-error: none
# class: 4 equinox static field holds an array, but the training loop only ever passes modules sharing the same array object
import equinox as eqx
import jax
import jax.numpy as jnp


class Regressor(eqx.Module):
    weight: jax.Array
    feature_mask: jax.Array = eqx.field(static=True)

    def __call__(self, x):
        return (x * self.feature_mask) @ self.weight


@eqx.filter_jit
def train_step(model, x, y):
    grads = eqx.filter_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    return eqx.apply_updates(model, jax.tree.map(lambda g: -0.1 * g, grads))


def main():
    model = Regressor(jnp.zeros(3), jnp.array([1.0, 0.0, 1.0]))
    x, y = jnp.ones((4, 3)), jnp.ones(4)
    for _ in range(4):
        model = train_step(model, x, y)
