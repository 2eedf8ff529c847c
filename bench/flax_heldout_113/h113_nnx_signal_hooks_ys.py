# label: ok
# flax-error: none
# class: 5 factory make_train_step returns a step that nnx.merge()s the carried state and runs a callback list; the hooks' outputs leave the body as scan ys and reach CheckpointHook after the loop
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
    name = "loss"

    def on_step(self, model, loss):
        return loss

    def on_end(self, losses):
        self.count = losses.shape[0]


class CheckpointHook:
    name = "checkpoint"

    def __init__(self):
        self.snapshots = []

    def on_step(self, model, loss):
        return nnx.state(model)

    def on_end(self, states):
        self.snapshots.append(jax.tree.map(lambda a: a[-1], states))


def make_train_step(graphdef, hooks, lr=0.01):
    def train_step(state, queues):
        model = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(delay_loss)(model, queues)
        state = jax.tree.map(lambda p, g: p - lr * g, nnx.state(model), grads)
        model = nnx.merge(graphdef, state)
        return state, {hook.name: hook.on_step(model, loss) for hook in hooks}

    return train_step


def main():
    policy = GreenSplitPolicy(4, rngs=nnx.Rngs(0))
    checkpoint = CheckpointHook()
    hooks = [LossLogger(), checkpoint]
    graphdef, state = nnx.split(policy)
    step = make_train_step(graphdef, hooks)
    queues = jnp.abs(jax.random.normal(jax.random.key(1), (25, 32, 4))) * 10.0
    _, outputs = scan(step, state, queues)
    for hook in hooks:
        hook.on_end(outputs[hook.name])
    nnx.update(policy, checkpoint.snapshots[-1])
    print("green split at rush hour:", policy(jnp.array([30.0, 5.0, 22.0, 3.0])))
    return None
