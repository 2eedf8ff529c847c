# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 4 factory returns a closure whose fori_loop body calls a module-level train_step with the outer model and nnx.Optimizer
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class BindingConfig:
    ligand_dim: int = 7
    protein_dim: int = 9
    hidden: int = 8
    n_steps: int = 4
    lr: float = 1e-2


class AffinityModel(nnx.Module):
    def __init__(self, cfg: BindingConfig, rngs: nnx.Rngs):
        self.ligand = nnx.Linear(cfg.ligand_dim, cfg.hidden, rngs=rngs)
        self.protein = nnx.Linear(cfg.protein_dim, cfg.hidden, rngs=rngs)
        self.score = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, ligand, protein):
        joint = nnx.relu(self.ligand(ligand)) * nnx.relu(self.protein(protein))
        return self.score(joint)[..., 0]


def affinity_loss(model, batch):
    ligand, protein, pkd = batch
    return jnp.mean((model(ligand, protein) - pkd) ** 2)


def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(affinity_loss)(model, batch)
    optimizer.update(model, grads)
    return loss


def make_finetune_loop(model, optimizer, n_steps):
    def finetune(batches):
        def body(i, total):
            batch = jax.tree.map(lambda a: a[i], batches)
            return total + train_step(model, optimizer, batch)
        return jax.lax.fori_loop(0, n_steps, body, jnp.zeros(())) / n_steps
    return finetune


def assay_batches(cfg, key):
    k1, k2, k3 = jax.random.split(key, 3)
    ligand = jax.random.normal(k1, (cfg.n_steps, 4, cfg.ligand_dim))
    protein = jax.random.normal(k2, (cfg.n_steps, 4, cfg.protein_dim))
    pkd = jax.random.uniform(k3, (cfg.n_steps, 4), minval=4.0, maxval=9.0)
    return ligand, protein, pkd


def main():
    cfg = BindingConfig()
    model = AffinityModel(cfg, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)
    finetune = make_finetune_loop(model, optimizer, cfg.n_steps)
    mean_loss = finetune(assay_batches(cfg, jax.random.key(1)))
    _ = float(mean_loss)
    return None
