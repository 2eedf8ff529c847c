# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a raw while_loop fits until the loss drops below a tolerance; the body inlines jax.grad on nnx.state(model) and calls optimizer.update on the model and nnx.Optimizer built outside
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import while_loop


class LinearRegressor(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.w = nnx.Linear(din, 1, rngs=rngs)

    def __call__(self, x):
        return self.w(x)[:, 0]


def main():
    x = jax.random.normal(jax.random.key(0), (16, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    model = LinearRegressor(3, nnx.Rngs(1))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    graphdef, params = nnx.split(model, nnx.Param)

    def loss_of(params):
        m = nnx.merge(graphdef, params)
        return jnp.mean((m(x) - y) ** 2)

    def cond(carry):
        i, loss = carry
        return (loss > 1e-3) & (i < 6)

    def body(carry):
        i, _ = carry
        loss, grads = jax.value_and_grad(loss_of)(nnx.state(model, nnx.Param))
        optimizer.update(model, grads)
        return i + 1, loss

    steps, loss = while_loop(cond, body, (0, jnp.inf))
    loss.block_until_ready()
    return None
