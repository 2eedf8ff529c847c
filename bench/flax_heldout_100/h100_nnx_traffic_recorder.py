# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 SignalController -> hook list -> ActivationRecorder appends the policy's phase logits to a Python list inside the while_loop body; summary() stacks them after the loop
"""Adaptive traffic-signal controller for one intersection.

The controller advances phases until the queue is cleared or the cycle budget is used;
observability hooks receive the policy output of each step for the ops dashboard.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class PhasePolicy(nnx.Module):
    def __init__(self, lanes, phases, rngs):
        self.layer = nnx.Linear(lanes, phases, rngs=rngs)

    def __call__(self, queue):
        return self.layer(queue)


class ActivationRecorder:
    def __init__(self):
        self.records = []

    def __call__(self, logits):
        self.records.append(logits)

    def summary(self):
        return jnp.stack(self.records).mean(axis=0)


class SignalController:
    def __init__(self, policy, hooks=()):
        self.policy = policy
        self.hooks = list(hooks)

    def _decide(self, queue):
        logits = self.policy(queue)
        for h in self.hooks:
            h(logits)
        return jnp.argmax(logits)

    def clear(self, queue, budget=20):
        def cond(carry):
            step, q = carry
            return (step < budget) & (q.sum() > 0.5)

        def body(carry):
            step, q = carry
            phase = self._decide(q)
            served = jax.nn.one_hot(phase % q.shape[0], q.shape[0])
            return step + 1, jnp.maximum(q - 2.0 * served, 0.0)

        return while_loop(cond, body, (0, queue))[0]


def main():
    recorder = ActivationRecorder()
    controller = SignalController(PhasePolicy(4, 4, nnx.Rngs(0)), hooks=[recorder])
    controller.clear(jnp.array([3.0, 1.0, 4.0, 2.0]))
    recorder.summary()
    return None
