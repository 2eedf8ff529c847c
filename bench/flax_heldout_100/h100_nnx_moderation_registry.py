# label: same-values
# flax-error: none
# class: 5 decorator registry -> hook factory draws key = rngs.perturb() once and its closure uses it in the scan body over perturbation rounds
"""Chat moderation: robustness probe run as a registered hook on flagged messages.

The probe perturbs the message embedding several times and records the classifier's
toxicity score for each perturbation, so reviewers can see how stable a flag is.
"""
import jax
import jax.numpy as jnp
from flax import nnx

_REGISTRY = {}


def hook(name):
    def register(factory):
        _REGISTRY[name] = factory
        return factory
    return register


class MessageClassifier(nnx.Module):
    def __init__(self, vocab, dim, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.head = nnx.Linear(dim, 1, rngs=rngs)

    def pooled(self, tokens):
        return self.embed(tokens).mean(axis=0)

    def score(self, pooled):
        return nnx.sigmoid(self.head(pooled))[0]


@hook("robustness")
def make_robustness_probe(model, rngs, rounds=6, scale=0.5):
    key = rngs.perturb()

    def probe(tokens):
        pooled = model.pooled(tokens)

        def body(carry, _):
            noisy = pooled + scale * jax.random.normal(key, pooled.shape)
            return carry, model.score(noisy)

        _, scores = jax.lax.scan(body, None, None, length=rounds)
        return scores

    return probe


class ModerationPipeline:
    def __init__(self, model, rngs, hooks):
        self.hooks = {name: _REGISTRY[name](model, rngs) for name in hooks}

    def review(self, tokens):
        return {name: h(tokens) for name, h in self.hooks.items()}


def main():
    rngs = nnx.Rngs(params=0, perturb=1)
    model = MessageClassifier(100, 12, rngs)
    tokens = jax.random.randint(jax.random.key(2), (9,), 0, 100)
    return ModerationPipeline(model, rngs, ["robustness"]).review(tokens)["robustness"]
