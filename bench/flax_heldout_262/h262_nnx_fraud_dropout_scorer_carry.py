# label: ok
# flax-error: none
# class: 4 UncertaintyService.score_passes splits self.pipeline.scorer and threads its state (Dropout Rngs included) through the lax.scan carry, merging it in the body
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Featurizer:
    def __init__(self, amount_cap=5000.0):
        self.amount_cap = amount_cap

    def __call__(self, amount, is_foreign, card_age_days, failed_pins):
        return jnp.stack(
            [jnp.minimum(amount, self.amount_cap) / self.amount_cap, is_foreign, jnp.log1p(card_age_days), failed_pins / 3.0],
            axis=-1,
        )


class FraudScorer(nnx.Module):
    def __init__(self, n_features, width, rngs):
        self.hidden = nnx.Linear(n_features, width, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(self.drop(nnx.relu(self.hidden(x)))))[..., 0]


class ScoringPipeline:
    def __init__(self, featurizer, scorer):
        self.featurizer = featurizer
        self.scorer = scorer


class UncertaintyService:
    def __init__(self, pipeline, n_passes=6):
        self.pipeline = pipeline
        self.n_passes = n_passes

    def score_passes(self, *raw):
        x = self.pipeline.featurizer(*raw)
        repeated = jnp.broadcast_to(x, (self.n_passes,) + x.shape)
        graphdef, state = nnx.split(self.pipeline.scorer)

        def one_pass(state, batch):
            scorer = nnx.merge(graphdef, state)
            probs = scorer(batch)
            return nnx.state(scorer), probs

        state, passes = lax.scan(one_pass, state, repeated)
        nnx.update(self.pipeline.scorer, state)
        return passes


def main():
    pipeline = ScoringPipeline(Featurizer(), FraudScorer(4, 16, rngs=nnx.Rngs(params=0, dropout=1)))
    service = UncertaintyService(pipeline)
    amount = jnp.array([35.0, 2900.0, 410.0])
    is_foreign = jnp.array([0.0, 1.0, 1.0])
    card_age = jnp.array([900.0, 3.0, 45.0])
    failed_pins = jnp.array([0.0, 2.0, 1.0])
    return service.score_passes(amount, is_foreign, card_age, failed_pins)
