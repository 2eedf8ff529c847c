# label: ok
# jax-error: none
# class: 4 equinox module keeps its arrays as ordinary fields (children) and only an int depth static
import equinox as eqx
import jax
import jax.numpy as jnp


class ResidualStack(eqx.Module):
    weights: jax.Array
    mask: jax.Array
    depth: int = eqx.field(static=True)

    def __call__(self, x):
        for i in range(self.depth):
            x = x + self.mask[i] * jnp.tanh(self.weights[i] @ x)
        return x


@jax.jit
def run_stack(stack, x):
    return stack(x)


def main():
    for seed in range(3):
        weights = jax.random.normal(jax.random.PRNGKey(seed), (2, 3, 3))
        run_stack(ResidualStack(weights, jnp.array([1.0, 0.0]), depth=2), jnp.ones(3))
