# label: same-values
# flax-error: none
# class: 2 the MC-dropout scan body is the method self.mc_sample; its dropout key is taken from self.rngs once before the loop and kept on a dataclass config
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass
class MCConfig:
    n_samples: int = 5
    rate: float = 0.3
    key: jax.Array | None = None


class BayesianClassifier(nnx.Module):
    def __init__(self, din, ncls, *, rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.out = nnx.Linear(16, ncls, rngs=rngs)
        self.rngs = rngs

    def mc_sample(self, cfg, x, _):
        h = nnx.relu(self.hidden(x))
        keep = jax.random.bernoulli(cfg.key, 1.0 - cfg.rate, h.shape)
        logits = self.out(h * keep / (1.0 - cfg.rate))
        return cfg, (jax.nn.softmax(logits), keep)

    def bald_scores(self, x, cfg: MCConfig):
        cfg = dataclasses.replace(cfg, key=self.rngs.dropout())
        _, (probs, masks) = jax.lax.scan(lambda c, t: self.mc_sample(c, x, t), cfg, None, length=cfg.n_samples)
        mean = probs.mean(0)
        h_mean = -jnp.sum(mean * jnp.log(mean + 1e-9), -1)
        mean_h = -jnp.sum(probs * jnp.log(probs + 1e-9), -1).mean(0)
        return h_mean - mean_h, masks


jax.tree_util.register_dataclass(MCConfig, data_fields=["key"], meta_fields=["n_samples", "rate"])


def main():
    model = BayesianClassifier(4, 3, rngs=nnx.Rngs(params=0, dropout=1))
    pool = jax.random.normal(jax.random.key(2), (10, 4))
    scores, masks = model.bald_scores(pool, MCConfig())
    return masks
