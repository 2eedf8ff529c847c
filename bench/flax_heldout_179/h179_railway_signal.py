# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls a block wrapped by nn.remat (chosen by a remat_if helper) that the same method also calls outside the loop
"""Railway signalling: propagates a block-occupancy embedding along consecutive track sections."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class LineConfig:
    width: int = 16
    n_sections: int = 9
    remat: bool = True


def remat_if(module_cls, enabled: bool):
    return nn.remat(module_cls) if enabled else module_cls


class SectionBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h):
        return h + jnp.tanh(nn.Dense(self.width)(nn.LayerNorm()(h)))


class SignalNet(nn.Module):
    cfg: LineConfig

    def setup(self):
        self.section = remat_if(SectionBlock, self.cfg.remat)(self.cfg.width)
        self.aspect_head = nn.Dense(3)

    def __call__(self, occupancy):
        h = self.section(occupancy)  # entry section

        def along_line(h, _):
            h = self.section(h)
            return h, h.mean()

        h, _ = scan(along_line, h, None, length=self.cfg.n_sections)
        return self.aspect_head(h)


class Interlocking:
    def __init__(self, cfg: LineConfig):
        self.model = SignalNet(cfg)
        self.variables = self.model.init(jax.random.key(0), jnp.zeros((cfg.width,)))

    def aspects(self, occupancy):
        return jnp.argmax(self.model.apply(self.variables, occupancy), axis=-1)


def main():
    cfg = LineConfig()
    box = Interlocking(cfg)
    box.aspects(jnp.linspace(0.0, 1.0, cfg.width)).block_until_ready()
    return None


if __name__ == "__main__":
    main()
