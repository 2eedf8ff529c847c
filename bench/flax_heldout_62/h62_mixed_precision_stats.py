# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "amax" in "/AmaxDense_0" because collection "fp8_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a MixedPrecisionPolicy wraps model.apply; a calibration runner calls policy.forward inside the while_loop body
"""Mixed-precision policy with amax tracking (fp8-style scaling): a calibration pass runs
batches through the policy in a lax.while_loop until enough batches were seen."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class AmaxDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        amax = self.variable("fp8_stats", "amax", lambda: jnp.zeros((), jnp.float32))
        amax.value = jnp.maximum(amax.value, jnp.max(jnp.abs(x)).astype(jnp.float32))
        scale = 1.0 / jnp.maximum(amax.value, 1e-6)
        y = nn.Dense(self.features, dtype=x.dtype)(x * scale.astype(x.dtype))
        return y


class TinyNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(AmaxDense(32)(x))
        return AmaxDense(4)(x)


@dataclass
class MixedPrecisionPolicy:
    apply_fn: callable
    compute_dtype: jnp.dtype = jnp.bfloat16

    def forward(self, variables, x):
        out = self.apply_fn(variables, x.astype(self.compute_dtype))
        return out.astype(jnp.float32)


class Calibrator:
    def __init__(self, policy: MixedPrecisionPolicy, num_batches: int):
        self.policy = policy
        self.num_batches = num_batches

    def run(self, variables, batches):
        def cond(state):
            i, _ = state
            return i < self.num_batches

        def body(state):
            i, total = state
            out = self.policy.forward(variables, batches[i])
            return i + 1, total + jnp.abs(out).mean()

        return lax.while_loop(cond, body, (0, jnp.zeros(())))


def main():
    model = TinyNet()
    batches = jax.random.normal(jax.random.key(1), (5, 8, 16))
    variables = model.init(jax.random.key(0), batches[0])
    calib = Calibrator(MixedPrecisionPolicy(model.apply), num_batches=5)
    calib.run(variables, batches)
    return None
