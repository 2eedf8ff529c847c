# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 trainer carries the split model state correctly, but calls the attached logging hooks from the scan body; a hook stores the step losses on itself
"""An NNX trainer with logging hooks; the epoch is one raw lax.scan over batches with the model
state carried through nnx.split / nnx.merge."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


class LoggingHook:
    def __init__(self):
        self.records = []

    def after_step(self, loss):
        self.records.append(loss)

    def flush(self):
        return float(jnp.mean(jnp.stack(self.records)))


class Trainer:
    def __init__(self, model, hooks, lr=0.05):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)
        self.hooks = hooks

    def epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
            optimizer.update(model, grads)
            for hook in self.hooks:
                hook.after_step(loss)
            return nnx.state((model, optimizer)), None

        state, _ = jax.lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return [hook.flush() for hook in self.hooks]


def main():
    trainer = Trainer(Regressor(nnx.Rngs(0)), [LoggingHook()])
    trainer.epoch(jnp.ones((4, 8, 4)), jnp.zeros((4, 8, 1)))
    return None
