# label: ok
# flax-error: none
# class: 4 DispatchScheduler -> DelayEvaluator.score (functools.partial(model.apply, mutable=['ema'])); the 'ema' collection rides in the while_loop carry
"""Tram network dispatcher: keeps headways until the predicted delay settles."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DelayModel(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, headways):
        ema = self.variable("ema", "delay", lambda: jnp.zeros(headways.shape[-1]))
        delay = nn.softplus(nn.Dense(headways.shape[-1])(headways))
        if not self.is_initializing():
            ema.value = self.decay * ema.value + (1 - self.decay) * delay
        return delay


class DelayEvaluator:
    def __init__(self, model, variables):
        self.params = variables["params"]
        self.ema = variables["ema"]
        self._apply = functools.partial(model.apply, mutable=["ema"])

    def score(self, ema, headways):
        delay, updates = self._apply({"params": self.params, "ema": ema}, headways)
        return delay, updates["ema"]


class DispatchScheduler:
    def __init__(self, evaluator: DelayEvaluator, tolerance: float = 1e-2, max_rounds: int = 25):
        self.evaluator = evaluator
        self.tolerance = tolerance
        self.max_rounds = max_rounds

    def settle(self, headways):
        def not_settled(state):
            rounds, _, change, _ = state
            return (rounds < self.max_rounds) & (change > self.tolerance)

        def round_(state):
            rounds, h, _, ema = state
            delay, ema = self.evaluator.score(ema, h)
            new_h = h - 0.1 * (delay - delay.mean())
            return rounds + 1, new_h, jnp.abs(new_h - h).max(), ema

        rounds, h, change, ema = lax.while_loop(
            not_settled, round_, (0, headways, jnp.inf, self.evaluator.ema))
        self.evaluator.ema = ema
        return rounds, h, change


def main():
    headways = jnp.linspace(4.0, 9.0, 6)
    model = DelayModel()
    variables = model.init(jax.random.key(0), headways)
    scheduler = DispatchScheduler(DelayEvaluator(model, variables))
    rounds, settled, _ = scheduler.settle(headways)
    print(f"settled after {int(rounds)} rounds:", settled)
    return None
