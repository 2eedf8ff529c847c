# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a model.bind(variables) held by TensionProbe, reached through Workshop.probe, runs a training-mode BatchNorm in the fori_loop body
"""Lace workshop: sweep a batch of linen threads through a bound tension model.

The probe holds a bound module (model.bind) so workshop code can call it like a function;
its behaviour comes from a frozen ProbeConfig shared with the training job.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class ProbeConfig:
    hidden: int = 6
    use_running_average: bool = False  # shared with the training job


class TensionModel(nn.Module):
    cfg: ProbeConfig

    @nn.compact
    def __call__(self, thread):
        h = nn.Dense(self.cfg.hidden)(thread)
        h = nn.BatchNorm(use_running_average=self.cfg.use_running_average)(h)
        return jnp.tanh(h)


class TensionProbe:
    def __init__(self, bound: TensionModel):
        self.bound = bound

    def measure(self, thread):
        return jnp.mean(self.bound(thread))


class Workshop:
    def __init__(self, probe: TensionProbe):
        self.probe = probe

    def sweep(self, threads):
        def body(i, acc):
            return acc + self.probe.measure(threads[i])

        return fori_loop(0, threads.shape[0], body, jnp.zeros(()))


def build_workshop(cfg: ProbeConfig, sample):
    model = TensionModel(cfg)
    variables = model.init(jax.random.key(0), sample)
    return Workshop(TensionProbe(model.bind(variables)))


def main():
    threads = jax.random.normal(jax.random.key(1), (5, 4, 3))
    workshop = build_workshop(ProbeConfig(), threads[0])
    print("mean tension", float(workshop.sweep(threads)))
    return None
