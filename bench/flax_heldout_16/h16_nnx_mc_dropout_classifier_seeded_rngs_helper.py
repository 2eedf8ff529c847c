# label: same-values
# flax-error: none
# class: 3 the scan body calls a make_rngs(cfg) helper that builds an nnx.Rngs from the config seed and passes it down through the classifier's blocks to each Dropout
"""Monte-Carlo dropout classifier: predictive entropy from repeated stochastic passes (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MCConfig:
    in_dim: int = 6
    hidden: int = 16
    num_classes: int = 3
    dropout: float = 0.3
    depth: int = 2
    num_samples: int = 5
    seed: int = 7


def make_rngs(cfg):
    return nnx.Rngs(dropout=cfg.seed)


class DropBlock(nnx.Module):
    def __init__(self, d_in, d_out, rate, *, rngs):
        self.fc = nnx.Linear(d_in, d_out, rngs=rngs)
        self.drop = nnx.Dropout(rate)

    def __call__(self, x, *, rngs=None):
        return self.drop(nnx.relu(self.fc(x)), deterministic=False, rngs=rngs)


class MCClassifier(nnx.Module):
    def __init__(self, cfg, *, rngs):
        dims = [cfg.in_dim] + [cfg.hidden] * cfg.depth
        self.blocks = nnx.List([DropBlock(a, b, cfg.dropout, rngs=rngs) for a, b in zip(dims[:-1], dims[1:])])
        self.head = nnx.Linear(cfg.hidden, cfg.num_classes, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        for block in self.blocks:
            x = block(x, rngs=rngs)
        return self.head(x)


def mc_predict(model, x, cfg):
    def body(carry, _):
        probs = jax.nn.softmax(model(x, rngs=make_rngs(cfg)))
        return carry, probs

    _, samples = jax.lax.scan(body, None, None, length=cfg.num_samples)
    mean = samples.mean(0)
    entropy = -jnp.sum(mean * jnp.log(mean + 1e-9), -1)
    return samples, entropy


def main():
    cfg = MCConfig()
    model = MCClassifier(cfg, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (4, cfg.in_dim))
    samples, entropy = mc_predict(model, x, cfg)
    return samples
