# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCounter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a step factory registered with @register('drill') closes over the model; the while_loop body calls the returned step, and the model bumps its StepCounter (an nnx.Variable subclass)
"""Tunnel boring telemetry: step factories are looked up in a decorator registry
by operation name; the drill step advances the cutter head until the target depth."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

STEP_FACTORIES = {}


def register(name):
    def decorate(factory):
        STEP_FACTORIES[name] = factory
        return factory
    return decorate


class StepCounter(nnx.Variable):
    pass


class CutterModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.torque = nnx.Linear(3, 3, rngs=rngs)
        self.steps = StepCounter(jnp.zeros((), jnp.int32))

    def __call__(self, head):
        self.steps.value = self.steps.value + 1
        return jax.nn.softplus(self.torque(head))


@register("drill")
def make_drill_step(model, gain):
    def step(head):
        return head + gain * model(head).mean() * jnp.ones_like(head)
    return step


def run_shift(operation, model, head0, target_depth, max_steps=20):
    step = STEP_FACTORIES[operation](model, gain=0.5)

    def cond(carry):
        i, head = carry
        return jnp.logical_and(i < max_steps, head[0] < target_depth)

    def body(carry):
        i, head = carry
        return i + 1, step(head)

    return lax.while_loop(cond, body, (0, head0))


def main():
    model = CutterModel(nnx.Rngs(0))
    steps, head = run_shift("drill", model, jnp.zeros(3), target_depth=4.0)
    head.block_until_ready()
    return None
