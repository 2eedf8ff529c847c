# label: ok
# jax-error: none
# class: 4 equinox module selects its activation by a static string name
import equinox as eqx
import jax
import jax.numpy as jnp

ACTIVATIONS = {"relu": jax.nn.relu, "tanh": jnp.tanh}


class Layer(eqx.Module):
    weight: jax.Array
    activation_name: str = eqx.field(static=True, default="relu")

    def __call__(self, x):
        return ACTIVATIONS[self.activation_name](self.weight @ x)


@eqx.filter_jit
def apply_layer(layer, x):
    return layer(x)


def main():
    for seed in range(3):
        layer = Layer(jax.random.normal(jax.random.PRNGKey(seed), (2, 3)), activation_name="tanh")
        apply_layer(layer, jnp.ones(3))
