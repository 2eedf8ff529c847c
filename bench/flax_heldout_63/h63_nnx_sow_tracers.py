# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 model state is the scan carry; the sown nnx.Intermediate values are popped in the body and appended to a Python list
"""'Intermediate values from sow are tracers': collecting NNX activations per training step inside jax.lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.l1(x))
        self.sow(nnx.Intermediate, "hidden", h)
        return self.l2(h)


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))
    activations = []

    def train_step(state, x):
        model, optimizer = nnx.merge(graphdef, state)
        loss_fn = lambda m: jnp.mean(m(x) ** 2)
        grads = nnx.grad(loss_fn)(model)
        optimizer.update(model, grads)
        model(x)
        activations.append(nnx.pop(model, nnx.Intermediate))
        return nnx.state((model, optimizer)), None

    state, _ = jax.lax.scan(train_step, state, xs)
    dead = [jnp.mean(jax.tree.leaves(a)[0] == 0) for a in activations]
    jnp.stack(dead).block_until_ready()
    return None
