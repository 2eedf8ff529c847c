# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 gradients from jax.grad on split params, but optimizer.update on the outside nnx.Optimizer in the body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(4, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    graphdef, params = nnx.split(model, nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 4))

    def loss_fn(params, x):
        m = nnx.merge(graphdef, params)
        return jnp.mean((m(x) - x.sum(-1, keepdims=True)) ** 2)

    def train_step(step, x):
        grads = jax.grad(loss_fn)(nnx.state(model, nnx.Param), x)
        optimizer.update(model, grads)
        return step + 1, None

    jax.lax.scan(train_step, 0, xs)
