# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the Distiller's fori_loop body stores teacher logits in self.teacher_cache, a dict on a helper object that is averaged after the loop
"""Knowledge distillation toolkit: teacher soft targets are cached while the student is scored."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


class Teacher(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(nn.relu(nn.Dense(16)(x)))


class Student(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)


@dataclasses.dataclass
class DistillConfig:
    temperature: float = 2.0
    steps: int = 4


class SoftTargetCache:
    def __init__(self):
        self.entries = {}

    def put(self, key, value):
        self.entries[key] = value

    def summary(self):
        return jnp.mean(jnp.stack(list(self.entries.values())))


class Distiller:
    def __init__(self, teacher, t_params, student, s_params, config):
        self.teacher, self.t_params = teacher, t_params
        self.student, self.s_params = student, s_params
        self.config = config
        self.teacher_cache = SoftTargetCache()

    def kd_loss(self, batches):
        T = self.config.temperature

        def body(i, total):
            x = batches[i]
            t_logits = self.teacher.apply({"params": self.t_params}, x) / T
            self.teacher_cache.put("last", t_logits)
            s_logits = self.student.apply({"params": self.s_params}, x) / T
            kl = jnp.sum(jax.nn.softmax(t_logits) * (jax.nn.log_softmax(t_logits) - jax.nn.log_softmax(s_logits)), -1)
            return total + kl.mean()

        total = jax.lax.fori_loop(0, self.config.steps, body, jnp.zeros(()))
        return total, self.teacher_cache.summary()


def main():
    cfg = DistillConfig()
    x = jax.random.normal(jax.random.key(0), (cfg.steps, 3, 5))
    teacher, student = Teacher(), Student()
    t_params = teacher.init(jax.random.key(1), x[0])["params"]
    s_params = student.init(jax.random.key(2), x[0])["params"]
    Distiller(teacher, t_params, student, s_params, cfg).kd_loss(x)
    return None
