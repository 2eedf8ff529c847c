# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the module method scans over mordant baths and sows each bath's fixation into 'intermediates' inside the scan body
"""Mordant bath sequencer for a wool-dyeing line, with per-bath diagnostics for QA."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MordantSequencer(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, fibre, baths):
        mix = nn.Dense(self.hidden, name="mix")
        fix = nn.Dense(fibre.shape[-1], name="fix")
        fix(nn.gelu(mix(jnp.concatenate([fibre, baths[0]], -1))))  # build params outside the loop

        def bath_step(state, bath):
            fixation = fix(nn.gelu(mix(jnp.concatenate([state, bath], -1))))
            self.sow("intermediates", "fixation", fixation.mean())
            return state + 0.1 * fixation, None

        fibre, _ = lax.scan(bath_step, fibre, baths)
        return fibre


class QaReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, fibre, baths):
        dyed, state = self.model.apply(self.variables, fibre, baths, mutable=["intermediates"])
        per_bath = jnp.stack(state["intermediates"]["fixation"])
        return dyed, per_bath


def main():
    fibre = jnp.full((2, 3), 0.2)  # two skeins, (alum, iron, tannin) uptake
    baths = jax.random.uniform(jax.random.key(3), (5, 2, 3))
    model = MordantSequencer()
    variables = model.init(jax.random.key(0), fibre, baths)
    dyed, per_bath = QaReport(model, variables).run(fibre, baths)
    print(dyed.shape, float(per_bath.sum()))
