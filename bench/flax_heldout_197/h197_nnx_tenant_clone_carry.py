# label: ok
# flax-error: none
# class: 4 the base model held by a TenantPool is cloned once before the loop by a TenantSession (session -> pool -> base model) and the copy travels in the scan carry
"""Subscription-churn scoring for a multi-tenant SaaS: each tenant session takes its own copy of
the shared base model and draws Monte-Carlo-dropout samples of the churn probability."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class ChurnConfig:
    features: int = 7
    hidden: int = 16
    dropout: float = 0.3


class ChurnModel(nnx.Module):
    def __init__(self, cfg: ChurnConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.sigmoid(self.out(self.drop(nnx.relu(self.hidden(x))))).squeeze(-1)


class TenantPool:
    def __init__(self, base: ChurnModel):
        self.base = base

    def copy_for(self, tenant: str) -> ChurnModel:
        model = nnx.clone(self.base)
        model.train()  # MC dropout on
        return model


class TenantSession:
    def __init__(self, pool: TenantPool, tenant: str):
        self.pool = pool
        self.tenant = tenant
        self.model = None

    def churn_samples(self, account, draws):
        def draw(model, _):
            return model, model(account)

        self.model, samples = jax.lax.scan(draw, self.pool.copy_for(self.tenant), None, length=draws)
        return samples


def main():
    cfg = ChurnConfig()
    pool = TenantPool(ChurnModel(cfg, nnx.Rngs(params=0, dropout=1)))
    account = jax.random.normal(jax.random.key(2), (cfg.features,))
    return TenantSession(pool, "acme-corp").churn_samples(account, draws=6)
