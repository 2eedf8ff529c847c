# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 state is carried through a raw lax.fori_loop, but the model merged in the body is also stashed in an outer dict and used after
"""Training with split/merge in a jax.lax.fori_loop: the state is carried correctly, but the user
also keeps the merged model object in a dict from the enclosing scope and predicts with it afterwards
instead of calling nnx.update on the original model."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    x, y = jnp.ones((16, 2)), jnp.ones((16, 1))
    trained = {}

    def body(i, carry):
        state, total = carry
        m, opt = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(m)
        opt.update(m, grads)
        trained["model"] = m
        return nnx.state((m, opt)), total + loss

    state, _ = jax.lax.fori_loop(0, 5, body, (state, jnp.zeros(())))
    preds = trained["model"](x)
    preds.block_until_ready()
    return None
