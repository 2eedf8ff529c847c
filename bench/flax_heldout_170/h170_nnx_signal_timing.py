# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 SignalTuner.adapt -> hooks sorted by priority -> SnapshotHook.on_step keeps nnx.state(model, nnx.Param) of the model merged in the scan body; restored into the live model after the loop
"""Railway signal timing: online adaptation of headway predictions over a day's train runs."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class HeadwayModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.block = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.block(x)))[..., 0]  # minutes to clear the block


class Hook:
    priority = 0

    def on_step(self, step, model, loss):
        pass


class SnapshotHook(Hook):
    priority = 10

    def __init__(self):
        self.snapshots = []

    def on_step(self, step, model, loss):
        self.snapshots.append(nnx.state(model, nnx.Param))

    def restore_into(self, model):
        nnx.update(model, self.snapshots[-1])


class SignalTuner:
    def __init__(self, model, hooks, lr=0.05):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)
        self.hooks = sorted(hooks, key=lambda h: h.priority, reverse=True)

    def adapt(self, runs, headways):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            i, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
            optimizer.update(model, grads)
            for hook in self.hooks:
                hook.on_step(i, model, loss)
            return (i + 1, nnx.state((model, optimizer))), loss

        (_, state), losses = lax.scan(step, (0, state), (runs, headways))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    runs = jax.random.uniform(jax.random.key(0), (12, 8, 4))  # batches x trains x (speed, length, gradient, dwell)
    headways = 2.0 + runs @ jnp.array([1.0, 0.5, -0.3, 0.8])
    model = HeadwayModel(nnx.Rngs(0))
    snapshot = SnapshotHook()
    tuner = SignalTuner(model, [Hook(), snapshot])
    tuner.adapt(runs, headways)
    snapshot.restore_into(model)
    model(runs[0])
    return None
