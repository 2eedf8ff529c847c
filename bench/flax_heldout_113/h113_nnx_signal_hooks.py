# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 factory make_train_step returns a step that nnx.merge()s the carried state and runs a callback list; a CheckpointHook keeps nnx.state(model) from the body
"""Traffic signal timing: tune the green-split policy of an intersection on replayed queue
counts; training callbacks log the loss and keep the latest checkpoint of the policy."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GreenSplitPolicy(nnx.Module):
    def __init__(self, approaches, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(approaches, 16, rngs=rngs)
        self.split = nnx.Linear(16, approaches, rngs=rngs)

    def __call__(self, queues):
        return nnx.softmax(self.split(nnx.relu(self.hidden(queues))), axis=-1)


def delay_loss(model, queues):
    green = model(queues)
    return jnp.mean(jnp.sum(queues / (green + 0.05), axis=-1))


class LossLogger:
    def __init__(self):
        self.count = 0

    def on_step(self, model, loss):
        self.count += 1


class CheckpointHook:
    def __init__(self):
        self.snapshots = []

    def on_step(self, model, loss):
        self.snapshots.append(nnx.state(model))


def make_train_step(graphdef, hooks, lr=0.01):
    def train_step(state, queues):
        model = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(delay_loss)(model, queues)
        state = jax.tree.map(lambda p, g: p - lr * g, nnx.state(model), grads)
        model = nnx.merge(graphdef, state)
        for hook in hooks:
            hook.on_step(model, loss)
        return state, loss

    return train_step


def main():
    policy = GreenSplitPolicy(4, rngs=nnx.Rngs(0))
    checkpoint = CheckpointHook()
    graphdef, state = nnx.split(policy)
    step = make_train_step(graphdef, [LossLogger(), checkpoint])
    queues = jnp.abs(jax.random.normal(jax.random.key(1), (25, 32, 4))) * 10.0
    scan(step, state, queues)
    nnx.update(policy, checkpoint.snapshots[-1])
    print("green split at rush hour:", policy(jnp.array([30.0, 5.0, 22.0, 3.0])))
    return None
