# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/numeric/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Evaluator keeps model.bind(variables) and its scan body calls a helper that threads the config's train flag down to BatchNorm
"""Tabular transformer (categorical embeddings + normalised numeric tokens) scored batch by batch."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class TabConfig:
    cardinalities: tuple = (5, 7, 3)
    num_numeric: int = 4
    dim: int = 8
    train: bool = True


class NumericTokenizer(nn.Module):
    cfg: TabConfig

    @nn.compact
    def __call__(self, x_num, train: bool):
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x_num)
        w = self.param("w", nn.initializers.normal(0.02), (self.cfg.num_numeric, self.cfg.dim))
        return x[..., None] * w


class TabTransformer(nn.Module):
    cfg: TabConfig

    def setup(self):
        self.cat_embeds = [nn.Embed(c, self.cfg.dim) for c in self.cfg.cardinalities]
        self.numeric = NumericTokenizer(self.cfg)
        self.attn = nn.SelfAttention(num_heads=2, qkv_features=self.cfg.dim)
        self.head = nn.Dense(1)

    def __call__(self, x_cat, x_num, train: bool = False):
        cat_tokens = jnp.stack([emb(x_cat[:, i]) for i, emb in enumerate(self.cat_embeds)], axis=1)
        tokens = jnp.concatenate([cat_tokens, self.numeric(x_num, train)], axis=1)
        tokens = tokens + self.attn(tokens)
        return self.head(tokens.mean(axis=1))[:, 0]


class Evaluator:
    def __init__(self, model, variables, cfg):
        self.bound = model.bind(variables)
        self.cfg = cfg

    def _logits(self, batch):
        return self.bound(batch["cat"], batch["num"], train=self.cfg.train)

    def evaluate(self, batches):
        def body(totals, batch):
            logits = self._logits(batch)
            correct = jnp.sum((logits > 0) == (batch["label"] > 0))
            return totals + jnp.array([correct, batch["label"].shape[0]]), None

        totals, _ = jax.lax.scan(body, jnp.zeros(2, jnp.int32), batches)
        return totals[0] / totals[1]


def make_batches(key, n, bs, cfg):
    k1, k2, k3 = jax.random.split(key, 3)
    cats = jnp.stack([jax.random.randint(jax.random.fold_in(k1, i), (n, bs), 0, c)
                      for i, c in enumerate(cfg.cardinalities)], axis=-1)
    nums = jax.random.normal(k2, (n, bs, cfg.num_numeric))
    labels = jax.random.bernoulli(k3, 0.5, (n, bs)).astype(jnp.int32)
    return {"cat": cats, "num": nums, "label": labels}


def main():
    cfg = TabConfig()
    model = TabTransformer(cfg)
    batches = make_batches(jax.random.key(0), 3, 4, cfg)
    variables = model.init(jax.random.key(1), batches["cat"][0], batches["num"][0])
    accuracy = Evaluator(model, variables, cfg).evaluate(batches)
    float(accuracy)
    return None
