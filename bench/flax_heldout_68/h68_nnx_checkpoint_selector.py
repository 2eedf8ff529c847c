# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the train-loop scan body passes the merged model's params to an EMA CheckpointSelector that stores them on self; nnx.update() loads them into the export model after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, *, rngs):
        self.fc1 = nnx.Linear(3, 8, rngs=rngs)
        self.fc2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.tanh(self.fc1(x)))


class CheckpointSelector:
    """Keeps an exponential moving average of the weights for export."""

    def __init__(self, init_params, decay=0.9):
        self.decay = decay
        self.ema_params = init_params

    def observe(self, params):
        self.ema_params = jax.tree.map(
            lambda e, p: self.decay * e + (1 - self.decay) * p, self.ema_params, params
        )

    def export_into(self, model):
        nnx.update(model, self.ema_params)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train(model, optimizer, selector, xs, ys):
    graphdef, state = nnx.split((model, optimizer))

    def body(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
        optimizer.update(model, grads)
        selector.observe(nnx.state(model, nnx.Param))
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = jax.lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses


def main():
    model = Net(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    selector = CheckpointSelector(nnx.state(model, nnx.Param))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    train(model, optimizer, selector, xs, ys)
    export_model = Net(rngs=nnx.Rngs(1))
    selector.export_into(export_model)
    jnp.mean(export_model(xs[0]))
    return None
