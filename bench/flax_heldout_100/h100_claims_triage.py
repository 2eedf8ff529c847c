# label: same-values
# flax-error: none
# class: 4 TriageEngine -> ClaimScorer -> scorer.bound (model.bind with rngs={'explore': key}) sampled in the scan body
"""Insurance claim triage with stochastic routing.

The router adds Gumbel noise to the queue logits so that borderline claims are spread
over adjusters; the engine simulates several routing rounds per claim for the
capacity dashboard.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class QueueRouter(nn.Module):
    queues: int = 4

    @nn.compact
    def __call__(self, claim):
        logits = nn.Dense(self.queues)(nn.relu(nn.Dense(16)(claim)))
        noise = jax.random.gumbel(self.make_rng("explore"), logits.shape)
        return jax.nn.softmax(logits + noise)


class ClaimScorer:
    def __init__(self, model, variables, seed):
        self.bound = model.bind(variables, rngs={"explore": jax.random.key(seed)})

    def route(self, claim):
        return self.bound(claim)


class TriageEngine:
    def __init__(self, scorer, rounds=5):
        self.scorer = scorer
        self.rounds = rounds

    def simulate(self, claim):
        def body(carry, _):
            return carry, self.scorer.route(claim)

        _, probs = lax.scan(body, None, None, length=self.rounds)
        return probs


def main():
    model = QueueRouter()
    claim = jax.random.normal(jax.random.key(0), (10,))
    variables = model.init({"params": jax.random.key(1), "explore": jax.random.key(2)}, claim)
    engine = TriageEngine(ClaimScorer(model, variables, seed=7))
    return engine.simulate(claim)
