# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step builder registered with @register_step closes over functools.partial(model.apply, variables) and returns the step function that TapSweepDriver runs in lax.scan with train=True
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
    forward = functools.partial(model.apply, variables)

    def step(cp_total, frame):
        cp = forward(frame, train=True)
        return cp_total + cp.mean(), cp[:, 0]

    return step, None


class TapSweepDriver:
    def __init__(self, run_sheet, model, variables):
        builder = STEP_BUILDERS[run_sheet["step"]]
        self.step, self.carried_state = builder(model, variables)

    def run(self, frames):
        total, per_frame = scan(self.step, jnp.zeros(()), frames)
        return total, per_frame


def main():
    frames = jax.random.normal(jax.random.key(0), (6, 4, 16))  # 6 frames, 4 rakes, 16 taps
    model = TapNormaliser()
    variables = model.init(jax.random.key(1), frames[0], train=False)
    driver = TapSweepDriver({"step": "cp_integrate", "tunnel": "low-speed-2"}, model, variables)
    driver.run(frames)
    return None
