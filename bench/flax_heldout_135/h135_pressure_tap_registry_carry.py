# label: ok
# flax-error: none
# class: 5 a step builder registered with @register_step closes over functools.partial(model.apply, mutable=['batch_stats']); the variables enter and leave the lax.scan that TapSweepDriver runs through the carry
"""Wind-tunnel pressure-tap pipeline: step builders are registered by name, the driver looks
one up from the run sheet and scans it over the tap frames of a run."""
import functools

import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.linen as nn

STEP_BUILDERS = {}


def register_step(name):
    def decorate(builder):
        STEP_BUILDERS[name] = builder
        return builder
    return decorate


class TapNormaliser(nn.Module):
    @nn.compact
    def __call__(self, frame, train: bool):
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(frame)
        return nn.Dense(1)(h)  # integrated C_p


@register_step("cp_integrate")
def build_cp_step(model, variables):
    forward = functools.partial(model.apply, mutable=["batch_stats"])

    def step(carry, frame):
        cp_total, variables = carry
        cp, updates = forward(variables, frame, train=True)
        return (cp_total + cp.mean(), {**variables, **updates}), cp[:, 0]

    return step, variables


class TapSweepDriver:
    def __init__(self, run_sheet, model, variables):
        builder = STEP_BUILDERS[run_sheet["step"]]
        self.step, self.variables = builder(model, variables)

    def run(self, frames):
        (total, self.variables), per_frame = scan(self.step, (jnp.zeros(()), self.variables), frames)
        return total, per_frame


def main():
    frames = jax.random.normal(jax.random.key(0), (6, 4, 16))  # 6 frames, 4 rakes, 16 taps
    model = TapNormaliser()
    variables = model.init(jax.random.key(1), frames[0], train=False)
    driver = TapSweepDriver({"step": "cp_integrate", "tunnel": "low-speed-2"}, model, variables)
    driver.run(frames)
    return None
