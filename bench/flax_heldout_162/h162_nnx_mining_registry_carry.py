# label: ok
# flax-error: none
# class: 5 a step factory registered with @register('drill') closes over the model's graphdef; the model state (params and StepCounter) rides in the while_loop carry and nnx.update writes it back after the loop
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
def make_drill_step(graphdef, gain):
    def step(state, head):
        model = nnx.merge(graphdef, state)
        head = head + gain * model(head).mean() * jnp.ones_like(head)
        _, state = nnx.split(model)
        return state, head
    return step


def run_shift(operation, model, head0, target_depth, max_steps=20):
    graphdef, state = nnx.split(model)
    step = STEP_FACTORIES[operation](graphdef, gain=0.5)

    def cond(carry):
        i, state, head = carry
        return jnp.logical_and(i < max_steps, head[0] < target_depth)

    def body(carry):
        i, state, head = carry
        state, head = step(state, head)
        return i + 1, state, head

    steps, state, head = lax.while_loop(cond, body, (0, state, head0))
    nnx.update(model, state)
    return steps, head


def main():
    model = CutterModel(nnx.Rngs(0))
    steps, head = run_shift("drill", model, jnp.zeros(3), target_depth=4.0)
    head.block_until_ready()
    return None
