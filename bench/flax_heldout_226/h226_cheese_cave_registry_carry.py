# label: ok
# flax-error: none
# class: 5 a step builder registered with @register_step("ripening") closes over the model and params; the batch_stats from model.apply(..., mutable=["batch_stats"]) travel through the scan carry and are stored on the program after the loop
"""Cheese cave ageing: a registry of step builders drives the weekly ripening model."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

STEP_BUILDERS = {}


def register_step(name):
    def decorate(builder):
        STEP_BUILDERS[name] = builder
        return builder
    return decorate


class RindModel(nn.Module):
    @nn.compact
    def __call__(self, climate, train: bool):
        h = nn.Dense(10, name="cave_climate")(climate)
        h = nn.BatchNorm(use_running_average=not train, name="norm")(h)
        return nn.Dense(2, name="rind_moisture")(nn.relu(h))


@register_step("ripening")
def build_ripening_step(model, params):
    def step(carry, climate):
        moisture, batch_stats = carry
        variables = {"params": params, "batch_stats": batch_stats}
        out, updates = model.apply(variables, climate, train=True, mutable=["batch_stats"])
        return (moisture + jnp.mean(out, axis=0), updates["batch_stats"]), None
    return step


class CaveProgram:
    def __init__(self, model, variables, stage="ripening"):
        self.model = model
        self.params = variables["params"]
        self.stats_box = {"batch_stats": variables["batch_stats"]}
        self.step = STEP_BUILDERS[stage](model, self.params)

    def age(self, weekly_climate):
        init = (jnp.zeros((2,)), self.stats_box["batch_stats"])
        (moisture, self.stats_box["batch_stats"]), _ = scan(self.step, init, weekly_climate)
        return moisture

    def grade(self, climate):
        variables = {"params": self.params, "batch_stats": self.stats_box["batch_stats"]}
        return self.model.apply(variables, climate, train=False)


def main():
    model = RindModel()
    weekly_climate = jax.random.normal(jax.random.key(0), (9, 6, 4))
    variables = model.init(jax.random.key(1), weekly_climate[0], train=True)
    program = CaveProgram(model, variables)
    moisture = program.age(weekly_climate)
    grades = program.grade(weekly_climate[-1])
    jax.block_until_ready((moisture, grades))
    return None
