# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the raw jax.lax.scan body saves nnx.to_pure_dict(params) into an outer dict (a ModelCheckpoint "save last"), restored after the loop
"""Lightning ModelCheckpoint(save_last=True) ported to NNX: keep the latest params as a pure dict for restoring."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))


def train(model, optimizer, xs, ys, checkpoint):
    graphdef, state = nnx.split((model, optimizer))

    def train_step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        x, y = batch
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        checkpoint["last"] = nnx.to_pure_dict(nnx.state(model, nnx.Param))
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 16, 8))
    ys = jnp.cos(xs).sum(-1, keepdims=True)
    checkpoint = {}
    train(model, optimizer, xs, ys, checkpoint)

    # restore the last checkpoint into a fresh model for evaluation
    eval_model = nnx.eval_shape(lambda: MLP(nnx.Rngs(0)))
    graphdef, abstract_state = nnx.split(eval_model)
    nnx.replace_by_pure_dict(abstract_state, checkpoint["last"])
    eval_model = nnx.merge(graphdef, abstract_state)
    preds = eval_model(xs[0])
    preds.block_until_ready()
    return None
