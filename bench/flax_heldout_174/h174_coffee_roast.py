# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RoastEngine interprets a step program; its "predict" handler calls model.apply(..., mutable=["intermediates"]) inside the while_loop body and the "log" handler appends the sown bean temperature to engine.log
"""Coffee roast profiling: a tiny step language interpreted by a roast engine.

A roast recipe is a list of steps ("predict", "log", "advance"); the engine runs the
recipe once per control tick inside a while loop until first crack is predicted.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

RECIPE = ("predict", "log", "advance")


class RoastCurveNet(nn.Module):
    @nn.compact
    def __call__(self, probe):
        bean_temp = nn.Dense(1)(nn.swish(nn.Dense(12)(probe))).squeeze(-1)
        self.sow("intermediates", "bean_temp", bean_temp)
        return jax.nn.sigmoid(bean_temp - 1.0)  # probability of first crack


@dataclasses.dataclass
class RoastLog:
    bean_temps: list = dataclasses.field(default_factory=list)

    def summary(self):
        return jnp.mean(jnp.stack(self.bean_temps))


class RoastEngine:
    def __init__(self, model, variables, probes, max_ticks):
        self.model, self.variables, self.probes = model, variables, probes
        self.max_ticks = max_ticks
        self.log = RoastLog()
        self.handlers = {"predict": self._predict, "log": self._log, "advance": self._advance}

    def _predict(self, state, scratch):
        crack, sown = self.model.apply(self.variables, self.probes[state["tick"]],
                                       mutable=["intermediates"])
        scratch["bean_temp"] = sown["intermediates"]["bean_temp"][0]
        return dict(state, crack=crack)

    def _log(self, state, scratch):
        self.log.bean_temps.append(scratch["bean_temp"])
        return state

    def _advance(self, state, scratch):
        return dict(state, tick=state["tick"] + 1)

    def run(self, recipe):
        def not_cracked(state):
            return (state["tick"] < self.max_ticks) & (state["crack"] < 0.5)

        def tick(state):
            scratch = {}
            for op in recipe:
                state = self.handlers[op](state, scratch)
            return state

        final = lax.while_loop(not_cracked, tick, {"tick": 0, "crack": jnp.zeros(())})
        return final, self.log.summary()


def main():
    model = RoastCurveNet()
    probes = jax.random.normal(jax.random.key(0), (10, 4))
    variables = model.init(jax.random.key(1), probes[0])
    RoastEngine(model, variables, probes, max_ticks=10).run(RECIPE)
    return None
