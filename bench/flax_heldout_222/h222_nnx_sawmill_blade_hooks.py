# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 BladeWearTrainer -> CallbackList -> PeakLossHook, an nnx.Module whose Variable on_step updates; the while_loop body calls the callback list after every step
"""Sawmill maintenance: fit a blade-wear model until converged, with training hooks for the dashboard."""

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class BladeWearModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 12, rngs=rngs)
        self.wear = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, vibration):
        return self.wear(nnx.relu(self.hidden(vibration)))[..., 0]


class PeakLossHook(nnx.Module):
    def __init__(self):
        self.peak = nnx.Variable(jnp.zeros(()))

    def on_step(self, step, loss):
        self.peak[...] = jnp.maximum(self.peak[...], loss)


class CallbackList:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def on_step(self, step, loss):
        for hook in self.hooks:
            hook.on_step(step, loss)


def wear_loss(model, vibration, wear):
    return jnp.mean((model(vibration) - wear) ** 2)


class BladeWearTrainer:
    def __init__(self, model, callbacks: CallbackList, max_steps: int = 40, tol: float = 1e-2):
        self.model, self.callbacks = model, callbacks
        self.optimizer = nnx.Optimizer(model, optax.adam(5e-2), wrt=nnx.Param)
        self.max_steps, self.tol = max_steps, tol

    def fit(self, vibration, wear):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def cond(carry):
            step, loss, _ = carry
            return (step < self.max_steps) & (loss > self.tol)

        def body(carry):
            step, _, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(wear_loss)(model, vibration, wear)
            optimizer.update(model, grads)
            self.callbacks.on_step(step, loss)
            return step + 1, loss, nnx.state((model, optimizer))

        steps, loss, state = jax.lax.while_loop(cond, body, (jnp.int32(0), jnp.array(jnp.inf, jnp.float32), state))
        nnx.update((self.model, self.optimizer), state)
        return steps, loss


def main():
    vibration = jax.random.normal(jax.random.key(1), (64, 6))
    wear = jnp.abs(vibration[:, 0]) * 0.3
    hooks = CallbackList([PeakLossHook()])
    BladeWearTrainer(BladeWearModel(6, rngs=nnx.Rngs(0)), hooks).fit(vibration, wear)
    return None
