# label: ok
# flax-error: none
# class: 5 a decorator registry of step factories; the registered factory returns a fori_loop body that threads the 'ema' collection through the carry
"""Wash-fastness test bench for dyed cotton: registered test procedures run repeated washes."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

STEP_FACTORIES = {}


def register_step(name):
    def decorator(factory):
        STEP_FACTORIES[name] = factory
        return factory

    return decorator


class ColorfastTracker(nn.Module):
    decay: float = 0.8

    @nn.compact
    def __call__(self, wash):
        ema = self.variable("ema", "fade", lambda: jnp.zeros(wash.shape[-1]))
        fade = nn.sigmoid(nn.Dense(wash.shape[-1])(wash)).mean(0)
        ema.value = self.decay * ema.value + (1.0 - self.decay) * fade
        return fade


@register_step("iso_105_c06")
def make_wash_step(model, variables, washes):
    params = variables["params"]

    def step(i, carry):
        total_fade, ema = carry
        fade, updates = model.apply({"params": params, "ema": ema}, washes[i], mutable=["ema"])
        return total_fade + fade.sum(), updates["ema"]

    return step


class FastnessTest:
    def __init__(self, procedure, model, variables):
        self.procedure = procedure
        self.model = model
        self.variables = variables

    def run(self, washes):
        step = STEP_FACTORIES[self.procedure](self.model, self.variables, washes)
        total, ema = fori_loop(0, washes.shape[0], step, (jnp.zeros(()), self.variables["ema"]))
        self.variables = {**self.variables, "ema": ema}
        return total


def main():
    # wash cycles x swatches x (temperature, detergent, agitation)
    washes = jax.random.uniform(jax.random.key(11), (5, 3, 3))
    model = ColorfastTracker()
    variables = model.init(jax.random.key(0), washes[0])
    total = FastnessTest("iso_105_c06", model, variables).run(washes)
    print(float(total))
