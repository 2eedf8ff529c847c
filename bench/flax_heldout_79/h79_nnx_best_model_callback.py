# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a KeepBest callback on the event bus receives the model merged inside the scan body and keeps a reference to it
"""Training loop driven by an event bus in NNX. The epoch is one lax.scan over minibatches with
the model and optimizer split/merged around the body; after every step the loop publishes
'step_end' with the live model so that callbacks (logging, keep-best checkpointing) can react."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Bus:
    def __init__(self):
        self.subscribers = {}

    def subscribe(self, topic, fn):
        self.subscribers.setdefault(topic, []).append(fn)

    def publish(self, topic, **payload):
        for fn in self.subscribers.get(topic, []):
            fn(**payload)


class KeepBest:
    def __init__(self):
        self.best_model = None

    def __call__(self, model, loss):
        self.best_model = model


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.a = nnx.Linear(3, 16, rngs=rngs)
        self.b = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.tanh(self.a(x)))[..., 0]


def train_epoch(bus, model, optimizer, xs, ys):
    graphdef, state = nnx.split((model, optimizer))

    def step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        x, y = batch
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        bus.publish("step_end", model=model, loss=loss)
        return nnx.state((model, optimizer)), loss

    state, losses = lax.scan(step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 8, 3))
    ys = jnp.sin(xs).sum(-1)
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    bus, keep_best = Bus(), KeepBest()
    bus.subscribe("step_end", keep_best)
    train_epoch(bus, model, optimizer, xs, ys)
    keep_best.best_model(xs[0])
    return None
