# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Recycler -> ContactPredictor.bound, a model.bind(variables) whose train-mode BatchNorm is called in the scan body
"""Protein contact-map prediction with recycling: a pair representation is refined a few
times by feeding back the predicted contact logits (AlphaFold-style recycling)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ContactHead(nn.Module):
    channels: int = 8
    train: bool = True

    @nn.compact
    def __call__(self, pair):  # pair: [L, L, C]
        h = nn.Dense(self.channels)(pair)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        h = nn.gelu(h)
        logits = nn.Dense(1)(h)[..., 0]
        return 0.5 * (logits + logits.T)  # contacts are symmetric


class ContactPredictor:
    """Holds a bound model so callers can use it like a function."""

    def __init__(self, head: ContactHead, variables):
        self.bound = head.bind(variables)

    def logits(self, pair):
        return self.bound(pair)


class Recycler:
    def __init__(self, predictor: ContactPredictor, n_recycle: int):
        self.predictor = predictor
        self.n_recycle = n_recycle

    def refine(self, pair):
        def recycle(pair, _):
            logits = self.predictor.logits(pair)
            pair = pair + 0.1 * jax.nn.sigmoid(logits)[..., None]
            return pair, jnp.mean(jax.nn.sigmoid(logits))

        pair, density = scan(recycle, pair, None, length=self.n_recycle)
        return self.predictor.logits(pair), density


def pair_features(seq_embed):
    return seq_embed[:, None, :] * seq_embed[None, :, :]


def main():
    seq_embed = jax.random.normal(jax.random.key(0), (10, 8))
    pair = pair_features(seq_embed)
    head = ContactHead()
    variables = head.init(jax.random.key(1), pair)
    recycler = Recycler(ContactPredictor(head, variables), n_recycle=3)
    logits, density = recycler.refine(pair)
    print(logits.shape, density)
    return None
