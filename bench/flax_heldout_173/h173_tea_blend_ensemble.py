# label: same-values
# flax-error: none
# class: 4 BlendScorer.uncertainty_rounds' scan body calls self.ensemble.predict, whose McDropoutMember applies its model with the dropout key it stored at construction
"""Tea blend taste scorer built from an ensemble of heterogeneous models.

Inputs are the proportions of each leaf lot in a blend plus roast and oxidation levels; the
ensemble averages a linear baseline, an MLP with layer norm and a Monte-Carlo dropout network.
Several rounds of the ensemble are scanned to estimate the score spread reported to the blender.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LinearBaseline(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)[..., 0]


class NormedMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(nn.tanh(nn.Dense(16)(x)))
        return nn.Dense(1)(h)[..., 0]


class DropoutNet(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(self.rate, deterministic=False)(h)
        return nn.Dense(1)(h)[..., 0]


class Member:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def predict(self, x):
        return self.model.apply(self.variables, x)


class McDropoutMember(Member):
    def __init__(self, model, variables, key):
        super().__init__(model, variables)
        self.key = key

    def predict(self, x):
        return self.model.apply(self.variables, x, rngs={"dropout": self.key})


class Ensemble:
    def __init__(self, members, weights):
        self.members = members
        self.weights = jnp.asarray(weights)

    def predict(self, x):
        preds = jnp.stack([m.predict(x) for m in self.members])
        return jnp.tensordot(self.weights, preds, axes=1)


class BlendScorer:
    def __init__(self, ensemble: Ensemble):
        self.ensemble = ensemble

    def uncertainty_rounds(self, blends, rounds: int):
        def body(carry, _):
            return carry, self.ensemble.predict(blends)

        _, scores = lax.scan(body, None, None, length=rounds)
        return scores


def init_member(model, x, seed):
    variables = model.init({"params": jax.random.key(seed), "dropout": jax.random.key(seed + 1)}, x)
    return variables


def main():
    blends = jax.random.dirichlet(jax.random.key(9), jnp.ones(7), (3,))
    blends = jnp.concatenate([blends, jnp.array([[0.4, 0.6], [0.2, 0.8], [0.7, 0.1]])], axis=-1)
    members = [
        Member(LinearBaseline(), init_member(LinearBaseline(), blends, 0)),
        Member(NormedMLP(), init_member(NormedMLP(), blends, 10)),
        McDropoutMember(DropoutNet(), init_member(DropoutNet(), blends, 20), key=jax.random.key(33)),
    ]
    scorer = BlendScorer(Ensemble(members, [0.2, 0.3, 0.5]))
    scores = scorer.uncertainty_rounds(blends, rounds=5)
    print("score spread", jnp.std(scores, axis=0))
    return scores
