# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_blend" in "/log" because collection "ink_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial binds the InkLog submodule into the fori_loop body, which records each blend with put_variable
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as ln


@dataclass
class PenInkOrder:
    base: str = "iron-gall"
    pigments: tuple = ("indigo", "sepia", "carmine")
    stirs: int = 4
    strengths: list = field(default_factory=lambda: [0.2, 0.5, 0.3])


class InkLog(ln.Module):
    def record(self, blend):
        self.put_variable("ink_log", "last_blend", blend)


class Tint(ln.Module):
    @ln.compact
    def __call__(self, blend):
        return ln.sigmoid(ln.Dense(blend.shape[-1], name="tint")(blend))


def _stir(log, tint, order_strength, i, blend):
    blend = 0.5 * blend + 0.5 * tint(blend) * order_strength
    log.record(blend)
    return blend


class InkBlender(ln.Module):
    stirs: int

    def setup(self):
        self.log = InkLog()
        self.tint = Tint()

    def __call__(self, strengths):
        blend = self.tint(strengths)
        stir = functools.partial(_stir, self.log, self.tint, strengths)
        return jax.lax.fori_loop(0, self.stirs, stir, blend)


class BottlingLine:
    @classmethod
    def from_order(cls, order: PenInkOrder):
        line = cls()
        line.order = order
        line.blender = InkBlender(order.stirs)
        return line

    def bottle(self):
        strengths = jnp.asarray(self.order.strengths)
        variables = self.blender.init(jax.random.key(5), strengths)
        return self.blender.apply({"params": variables["params"]}, strengths)


def main():
    line = BottlingLine.from_order(PenInkOrder())
    blend = line.bottle()
    jax.block_until_ready(blend)
    return None
