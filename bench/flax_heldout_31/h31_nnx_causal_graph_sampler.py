# label: same-values
# flax-error: none
# class: 4 key drawn from the module's nnx.Rngs stream is bound into the body with functools.partial and handed to a scan wrapper
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class CausalConfig:
    n_vars: int = 4
    n_samples: int = 16
    n_rounds: int = 5


def scan_rounds(body, init, xs):
    return jax.lax.scan(body, init, xs)


class StructureModel(nnx.Module):
    def __init__(self, cfg: CausalConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.edge_logits = nnx.Param(0.5 * jax.random.normal(rngs.params(), (cfg.n_vars, cfg.n_vars)))
        self.weights = nnx.Param(0.1 * jax.random.normal(rngs.params(), (cfg.n_vars, cfg.n_vars)))
        self.rngs = rngs

    def _score_graph(self, total, data, key):
        probs = jax.nn.sigmoid(self.edge_logits[...])
        adjacency = jax.random.bernoulli(key, probs) * (1.0 - jnp.eye(self.cfg.n_vars))
        residual = data - data @ (adjacency * self.weights[...])
        loglik = -0.5 * jnp.mean(residual ** 2)
        cycles = jnp.trace(adjacency @ adjacency)
        return total + loglik - cycles, adjacency

    def sample_graphs(self, batches):
        key = self.rngs.graph()
        body = functools.partial(self._score_graph, key=key)
        total, graphs = scan_rounds(body, jnp.zeros(()), batches)
        return total / batches.shape[0], graphs


def observational_batches(cfg, key):
    noise = jax.random.normal(key, (cfg.n_rounds, cfg.n_samples, cfg.n_vars))
    x0 = noise[..., 0]
    x1 = 0.8 * x0 + noise[..., 1]
    return jnp.stack([x0, x1, noise[..., 2], x1 - noise[..., 3]], axis=-1)


class DiscoveryRunner:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = StructureModel(cfg, nnx.Rngs(params=seed, graph=seed + 1))

    def run(self, key):
        score, graphs = self.model.sample_graphs(observational_batches(self.cfg, key))
        return {"adjacency": graphs}


def main():
    runner = DiscoveryRunner(CausalConfig())
    return runner.run(jax.random.key(3))
