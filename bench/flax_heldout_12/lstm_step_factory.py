# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 body built by a module-level factory from the cell and head, handed to `scan` (from jax.lax import scan) inside an @nn.compact method
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def make_step(cell, head):
    def step(carry, x_t):
        carry, h = cell(carry, x_t)
        return carry, head(h)
    return step


class CharLSTM(nn.Module):
    hidden: int = 32
    n_out: int = 5

    @nn.compact
    def __call__(self, xs):
        cell = nn.OptimizedLSTMCell(self.hidden)
        head = nn.Dense(self.n_out)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[:, 0].shape)
        _, ys = scan(make_step(cell, head), carry, jnp.swapaxes(xs, 0, 1))
        return jnp.swapaxes(ys, 0, 1)


def main():
    model = CharLSTM()
    xs = jnp.ones((3, 9, 4))
    variables = model.init(jax.random.PRNGKey(0), xs)
    variables = jax.tree.map(lambda a: a + 0, variables)
    ys = model.apply(variables, xs)
    jax.block_until_ready(ys)
    return None
