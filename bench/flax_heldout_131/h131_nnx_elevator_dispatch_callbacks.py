# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body merges the policy from the carry and hands it to trainer.callbacks; a snapshot callback keeps nnx.state(model) and summarises it after the loop
"""Elevator group dispatch: online fitting of a hall-call assignment policy with training callbacks."""
import jax
import jax.numpy as jnp
from flax import nnx

CARS = 4


class AssignmentPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(5, 16, rngs=rngs)
        self.score = nnx.Linear(16, CARS, rngs=rngs)

    def __call__(self, calls):
        return self.score(nnx.relu(self.enc(calls)))


class Callback:
    def on_step(self, step, model, loss):
        pass

    def on_end(self):
        return {}


class WeightSnapshot(Callback):
    def __init__(self):
        self.snapshots = []

    def on_step(self, step, model, loss):
        self.snapshots.append(nnx.state(model, nnx.Param))

    def on_end(self):
        norms = [jnp.sqrt(sum(jnp.sum(p**2) for p in jax.tree.leaves(s))) for s in self.snapshots]
        return {"weight_norm": jnp.stack(norms)}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step(self, step, model, loss):
        for cb in self.callbacks:
            cb.on_step(step, model, loss)

    def on_end(self):
        report = {}
        for cb in self.callbacks:
            report.update(cb.on_end())
        return report


class DispatchTrainer:
    def __init__(self, policy, callbacks, lr=0.05, steps=6):
        self.policy, self.callbacks, self.lr, self.steps = policy, CallbackList(callbacks), lr, steps

    def fit(self, calls, best_car):
        graphdef, state = nnx.split(self.policy)

        def loss_fn(m):
            logp = jax.nn.log_softmax(m(calls))
            return -jnp.mean(jnp.take_along_axis(logp, best_car[:, None], axis=1))

        def body(step, state):
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model), grads))
            self.callbacks.on_step(step, model, loss)
            return nnx.state(model)

        state = jax.lax.fori_loop(0, self.steps, body, state)
        nnx.update(self.policy, state)
        return self.callbacks.on_end()


def main():
    calls = jax.random.normal(jax.random.key(3), (32, 5))
    best_car = jax.random.randint(jax.random.key(4), (32,), 0, CARS)
    trainer = DispatchTrainer(AssignmentPolicy(nnx.Rngs(0)), [WeightSnapshot()])
    report = trainer.fit(calls, best_car)
    jax.block_until_ready(report)
    return None
